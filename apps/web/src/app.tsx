/** Placeholder until the sign-in and shell issue: the server and API are usable through /cms/docs. */
export function App() {
  return (
    <main>
      <h1>Masthead</h1>
      <p>
        The back office is being built. The API reference is at <a href="/cms/docs">/cms/docs</a>.
      </p>
    </main>
  );
}
