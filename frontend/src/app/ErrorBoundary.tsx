import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/**
 * Catches render errors and failed route-chunk downloads (common on flaky mobile networks, or
 * after a deploy replaced the hashed files) and offers a reload instead of a blank screen.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="centered-page" id="main">
        <div className="card narrow" role="alert">
          <h1>Something went wrong</h1>
          <p>We couldn't load this page. Please check your connection and try again.</p>
          <button type="button" className="btn btn-primary btn-md" onClick={() => window.location.reload()}>
            Try again
          </button>
        </div>
      </main>
    );
  }
}
