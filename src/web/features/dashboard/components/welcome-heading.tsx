/** The dashboard's heading: the student's first name, as the session knows it. */
export function WelcomeHeading({ firstName }: { firstName: string | null }) {
  return (
    <div>
      <h1
        id="dashboard-title"
        className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl"
      >
        {firstName ? `Welcome, ${firstName}` : 'Welcome'}
      </h1>
      <p className="mt-1 text-base text-muted-foreground">
        Your admission, I-20, SEVIS fee and visa appointment, in one place.
      </p>
    </div>
  );
}
