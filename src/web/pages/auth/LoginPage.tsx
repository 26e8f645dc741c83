/** Minimal page until its issue lands. */
export default function LoginPage() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold">Sign in</h1>
    </section>
  );
}
