import { expect } from "vitest";
import type { TestContext } from "./test-app";
import type { TestClient } from "./test-client";

/** A request to an administrator's route, and what the administrator gets (200 unless told). */
export interface AdminRoute {
  method?: string;
  path: string;
  /** The JSON body; a function gives a new one to every caller. */
  body?: unknown;
  ok?: number;
}

const routeName = (route: AdminRoute) => `${route.method ?? "GET"} ${route.path}`;

function send(client: TestClient, route: AdminRoute) {
  const body = typeof route.body === "function" ? route.body() : route.body;
  return client.request(route.path, { method: route.method ?? "GET", ...(body === undefined ? {} : { json: body }) });
}

/**
 * Every route answers 401 signed out, and 403 to a new member, a new Premium member and each of
 * `others` (named by their key, such as the owner of what the route is about).
 */
export async function expectRefusedToNonAdmins(
  t: TestContext,
  routes: readonly AdminRoute[],
  others: Record<string, TestClient> = {},
): Promise<void> {
  const { client: member } = await t.member();
  const { client: premium } = await t.member({ premium: true });
  expect((await premium.me())?.plan).toBe("premium");
  const refused: Array<[string, TestClient, number]> = [
    ["signed out", t.client(), 401],
    ["member", member, 403],
    ["Premium member", premium, 403],
    ...Object.entries(others).map(([who, client]): [string, TestClient, number] => [who, client, 403]),
  ];
  for (const route of routes) {
    for (const [who, client, status] of refused) {
      expect((await send(client, route)).status, `${routeName(route)} ${who}`).toBe(status);
    }
  }
}

/** Every route, in order, answers the administrator with its `ok` status. */
export async function expectAnsweredToAdmin(admin: TestClient, routes: readonly AdminRoute[]): Promise<void> {
  for (const route of routes) {
    const response = await send(admin, route);
    expect(response.status, `${routeName(route)} admin: ${await response.clone().text()}`).toBe(route.ok ?? 200);
  }
}

/** Both: refused to everyone but the administrator first, then answered to the administrator. */
export async function expectAdminOnly(
  t: TestContext,
  routes: readonly AdminRoute[],
  others: Record<string, TestClient> = {},
): Promise<void> {
  await expectRefusedToNonAdmins(t, routes, others);
  await expectAnsweredToAdmin(await t.admin(), routes);
}
