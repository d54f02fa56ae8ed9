import { RoadmapPage } from '../../features/roadmap/components/roadmap-page.js';

export default function ActionsRoute() {
  return <RoadmapPage />;
}
