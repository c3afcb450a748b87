import type { ErrorInfo, ReactNode } from 'react';
import { Component } from 'react';
import { ErrorFallback } from './error-fallback';

type Props = {
  children: ReactNode;
  /** A change (for example the path) clears a shown error. */
  resetKey?: unknown;
};

type State = { error: unknown; failed: boolean; resetKey: unknown };

/** Catches render errors below it and shows the application error fallback. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { resetKey: props.resetKey, error: null, failed: false };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unexpected application error', error, info.componentStack);
  }

  private readonly retry = () => this.setState({ error: null, failed: false });

  override render() {
    if (this.state.failed) return <ErrorFallback error={this.state.error} onRetry={this.retry} />;
    return this.props.children;
  }
}
