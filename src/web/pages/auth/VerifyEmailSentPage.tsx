/** Minimal page until its issue lands. */
export default function VerifyEmailSentPage() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold">Check Your Email</h1>
    </section>
  );
}
