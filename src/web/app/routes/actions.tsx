import { RoadmapPage } from '../../features/roadmap/components/roadmap-page.js';

export function ActionsRoute() {
  return <RoadmapPage />;
}
