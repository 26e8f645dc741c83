/**
 * One call per key, its promise shared by every later ask: for single-use links (a verification or change-of-email
 * token), whose effect may run twice (StrictMode, quick remounts) but must reach the server once.
 */
export function oncePerKey<T>(run: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const started = new Map<string, Promise<T>>();
  return (key) => {
    let attempt = started.get(key);
    if (!attempt) {
      attempt = run(key);
      started.set(key, attempt);
    }
    return attempt;
  };
}
