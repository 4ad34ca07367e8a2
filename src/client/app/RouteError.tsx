import { Button } from "@client/components/ui/Button";
import { ButtonLink } from "@client/components/ui/ButtonLink";
import { Card } from "@client/components/ui/Card";
import { Component, type ErrorInfo, type ReactNode } from "react";

interface Props {
  /** Changes with the location, so moving to another page clears the error. */
  resetKey: string;
  children: ReactNode;
}

/** Shown when a page fails to load or throws: explain and offer a way on. */
export class RouteErrorBoundary extends Component<Props, { error: Error | null; key: string }> {
  override state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Page error", error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main id="main" className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
        <Card className="w-full max-w-md space-y-4 p-8 text-center">
          <h1 className="text-2xl font-bold">Something went wrong</h1>
          <p className="text-slate-700">
            This page could not be loaded. If LawGuide was just updated, reloading usually fixes it.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
            <Button onClick={() => window.location.reload()}>Reload</Button>
            <ButtonLink to="/welcome" variant="secondary">
              Back to Home
            </ButtonLink>
          </div>
        </Card>
      </main>
    );
  }
}
