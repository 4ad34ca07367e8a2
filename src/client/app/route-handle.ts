import { createContext, useContext } from "react";

/** What a route says about its page: the document title, and whether it fills the height (the chat). */
export interface RouteHandle {
  title?: string;
  fullHeight?: boolean;
}

export const RouteHandleContext = createContext<RouteHandle>({});

export function useRouteHandle(): RouteHandle {
  return useContext(RouteHandleContext);
}
