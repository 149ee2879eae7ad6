// Signed documents in a real browser (docs/decisions/signed-documents.md): the QR code's link opens
// /verify, which loads the published keys and, with the network cut right after they load, still
// verifies the statement's signature with WebCrypto Ed25519 and shows what was signed, saying the
// revocation check could not be made; online it says the statement is not revoked, then revoked; a
// tampered or empty fragment is a clear "not valid"; the document never reaches any server.
import { expect, test } from "@playwright/test";
import QRCode from "qrcode";
import { api, createAppWithKey, disconnect, guardExternalRequests, saveScreenshot } from "./helpers";

test.afterAll(disconnect);

const today = () => new Date().toISOString().slice(0, 10);

type Statement = { id: string; token: string; document: string; verifyUrl: string; qrSvg: string };

async function statementOverTheApi() {
  const { key } = await createAppWithKey();
  const userId = `e2e_doc_${Date.now()}`;
  const wallet = await api(key, "POST", "/api/public/sdk/v1/wallets", {
    externalUserId: userId,
    currency: "USD",
    email: "ada@example.com",
    name: "Ada Obi",
  });
  expect(wallet.status).toBe(201);
  expect((await api(key, "POST", `/api/public/sdk/v1/test/wallets/${userId}/fund`, { amount: 42.5 })).status).toBe(201);
  const statement = await api<Statement>(key, "POST", `/api/public/sdk/v1/wallets/${userId}/statements`, {
    periodStart: today(),
    periodEnd: today(),
  });
  expect(statement.status).toBe(201);
  return { key, statement: statement.body };
}

test("/verify verifies the QR code's signed statement in the browser with the network cut after the keys load", async ({
  page,
  context,
}, testInfo) => {
  const guard = guardExternalRequests(page);
  const { statement } = await statementOverTheApi();
  // The QR code printed on the statement encodes exactly this link, fragment included.
  expect(statement.qrSvg).toBe(
    await QRCode.toString(statement.verifyUrl, { type: "svg", errorCorrectionLevel: "M", margin: 2 }),
  );
  const sent: string[] = [];
  page.on("request", (request) => sent.push(request.url()));

  let keysServed = false;
  await page.route("**/.well-known/jwks.json", async (route) => {
    const response = await route.fetch();
    // Cut the network the moment the keys have arrived, before the page has them.
    await context.setOffline(true);
    keysServed = true;
    await route.fulfill({ response });
  });

  await page.goto(statement.verifyUrl);
  const signature = page.getByTestId("document-signature");
  await expect(signature).toHaveAttribute("data-valid", "true");
  expect(keysServed).toBe(true);
  await expect(signature).toContainText("Signature verified in your browser");
  const fields = page.getByTestId("document-fields");
  await expect(fields.locator("[data-field=id] dd")).toHaveText(statement.id);
  await expect(fields.locator("[data-field=holder_name] dd")).toHaveText("Ada Obi");
  await expect(fields.locator("[data-field=closing_balance] dd")).toHaveText("42.5");
  await expect(fields.locator("[data-field=kind] dd")).toHaveText("statement");
  // Offline, the page says plainly that the second check was not made.
  const revocation = page.getByTestId("document-revocation");
  await expect(revocation).toHaveAttribute("data-state", "unreachable");
  await expect(revocation).toContainText("Revocation not checked");
  await saveScreenshot(page, testInfo, "verify-signed-offline");

  // The fragment is the browser's alone: no request carried the document.
  expect(sent.filter((url) => url.includes(statement.document.split(".")[2]!))).toEqual([]);
  await context.setOffline(false);
  guard.assertNoExternalRequests();
});

test("/verify asks online whether the statement was revoked, and says so once it is", async ({ page }) => {
  const { key, statement } = await statementOverTheApi();
  await page.goto(statement.verifyUrl);
  await expect(page.getByTestId("document-signature")).toHaveAttribute("data-valid", "true");
  await expect(page.getByTestId("document-revocation")).toHaveAttribute("data-status", "current");
  await expect(page.getByTestId("document-revocation")).toContainText("Not revoked");

  expect((await api(key, "POST", `/api/public/sdk/v1/statements/${statement.id}/revoke`)).status).toBe(200);
  await page.goto(statement.verifyUrl);
  await page.reload();
  // The signature is still genuine; only the online check can tell it was withdrawn.
  await expect(page.getByTestId("document-signature")).toHaveAttribute("data-valid", "true");
  await expect(page.getByTestId("document-revocation")).toHaveAttribute("data-status", "revoked");
});

test("/verify calls a tampered, foreign or empty fragment not valid, with the reason", async ({ page }) => {
  const { statement } = await statementOverTheApi();
  const [header, payload, sig] = statement.document.split(".") as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
  const richer = Buffer.from(JSON.stringify({ ...claims, closing_balance: 1_000_000 })).toString("base64url");
  const base = statement.verifyUrl.split("#")[0]!;
  const cases: [string, string][] = [
    [`${base}#document=${header}.${richer}.${sig}`, "bad_signature"],
    [`${base}#document=${header}.${payload}.${sig.slice(0, -4)}AAAA`, "bad_signature"],
    [`${base}#document=not-a-document`, "malformed"],
    [`${base}#document=`, "malformed"],
    [`${base}#somethingelse`, "malformed"],
  ];
  for (const [url, reason] of cases) {
    await page.goto("about:blank");
    await page.goto(url);
    const signature = page.getByTestId("document-signature");
    await expect(signature).toHaveAttribute("data-valid", "false");
    await expect(signature).toHaveAttribute("data-reason", reason);
    await expect(page.getByTestId("verdict")).toHaveAttribute("data-verdict", "invalid");
    await expect(page.getByTestId("verdict")).toContainText("✗");
  }
});
