// Serves one App Router route module's POST handler over node:http on PORT, handing it a real
// Request with the body's exact bytes, as Next.js does, so a route file can run as its own process.
// Run: PORT=4000 node --import tsx tests/helpers/serve-route-handler.ts <route module>
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

type RouteModule = { POST?: (request: Request) => Promise<Response> };

const modulePath = process.argv[2];
if (!modulePath) throw new Error("usage: serve-route-handler.ts <route module>");
const route = (await import(pathToFileURL(path.resolve(modulePath)).href)) as RouteModule;
const post = route.POST;
if (!post) throw new Error(`${modulePath} exports no POST handler`);

createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", async () => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    const body = Buffer.concat(chunks);
    const request = new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, {
      method: req.method,
      headers,
      body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
    });
    try {
      const response = req.method === "POST" ? await post(request) : new Response("POST only", { status: 405 });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      console.error(error);
      res.writeHead(500).end("route handler threw");
    }
  });
}).listen(Number(process.env.PORT ?? 4000));
