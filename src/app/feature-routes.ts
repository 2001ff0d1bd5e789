import { routeTable, type RoutesModule } from '@/lib/route-table';

/**
 * Every screen (SPEC 2.1, 2.2 and DECISIONS "Scope"), as each feature declares its routes in its routes.ts(x): a
 * path, its code and its first queries, as data (lib/route-table.ts). router.tsx builds the routes from these lists,
 * and src/boot.ts reads them to fetch the current page's code at once. Eager, since the router needs every route:
 * the routes modules import only types and plain data, so they add little to the main bundle.
 */
export const { PUBLIC_ROUTES, SIGNED_IN_ROUTES } = routeTable(
  import.meta.glob<RoutesModule>('/src/features/*/routes.{ts,tsx}', { eager: true }),
);
