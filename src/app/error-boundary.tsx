import { Component, type ReactNode } from 'react';
import { RouteError } from './route-error';

/**
 * A screen that throws while rendering shows RouteError instead of a blank page. Keyed by the path where it is used,
 * so moving to another screen gives that screen a fresh start.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}
