/** SPEC 2.13: after saving, a full page reload to /dashboard. Its own module so tests can observe it. */
export function reloadTo(path: string) {
  window.location.assign(path);
}
