import { Component, type ReactNode } from 'react';
import type { Location } from 'react-router';
import { RouteError } from './route-error.js';

interface Props {
  /** The current location: a navigation clears the error, so the next page gets its chance. */
  location: Location;
  children: ReactNode;
}

interface State {
  failed: boolean;
  location: Location;
}

/**
 * Shows the route error page when a page throws while rendering or its code cannot be fetched
 * (a lazy page's import rejects). React reports the error itself (to the console), as the data
 * router's `errorElement` did.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, location: this.props.location };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.location === state.location ? null : { failed: false, location: props.location };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
