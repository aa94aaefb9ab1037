export default function Home() {
  return (
    <main style={{ maxWidth: 640, margin: "4rem auto", padding: "0 1rem", lineHeight: 1.5 }}>
      <h1>Remit accounts</h1>
      <p>The customer-account and reference-data service.</p>
      <ul>
        <li>
          <a href="/admin">Back office</a> (staff sign-in)
        </li>
        <li>
          <a href="/client/v1/openapi.json">API description (OpenAPI 3.1)</a> of <code>/client/v1</code>
        </li>
      </ul>
    </main>
  );
}
