// A constant answer with no database work: the load balancer's liveness probe, and the
// framework floor that `npm run bench` compares the real routes with.
export const GET = () => new Response('{"status":"ok"}', { headers: { "Content-Type": "application/json" } });
