// An application as a real merchant's looks after a while, made through the console and the API: a key
// with a long name, most scopes and a long allowlist; an endpoint with a long URL whose receiver refuses
// the signature (so deliveries fail and wait to retry); wallets with 128-character ids, long emails,
// names and addresses, and a card. For the layout and accessibility specs.
import { expect, type Page } from "@playwright/test";
import { api } from "./helpers";
import { createApplicationInBrowser, signUpInBrowser, startReceiver, uniqueEmail } from "./console-helpers";

const LONG_KEY_NAME = "Payroll backend, eu-west-1 production cluster (wallets, cards, statements)";

const LONG_ALLOWLIST = [
  "127.0.0.1",
  "::1/128",
  "2001:db8:85a3::/48",
  "2001:db8:1234:5678:9abc:def0:1234:5678",
  "203.0.113.0/24",
  "198.51.100.0/24",
].join("\n");

function longExternalUserId(n: number): string {
  const head = `customer:acme-payroll-international:eu-west-1:employee-${n}:`;
  return head + "0123456789abcdef".repeat(8).slice(0, 128 - head.length);
}

export async function createBusyApplication(page: Page) {
  await signUpInBrowser(page, uniqueEmail("finance-operations-team-lead"));
  const appId = await createApplicationInBrowser(page, "Acme Payroll International — EU production");
  const base = `/merchant/sdk/apps/${appId}`;

  // Minted through the dialog, so the audit log holds its long detail (every scope and address).
  await page.goto(`${base}/keys`);
  await page.getByRole("button", { name: "Create secret key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create a test secret key" });
  await dialog.getByLabel("Name", { exact: true }).fill(LONG_KEY_NAME);
  await dialog.getByLabel("webhooks:write").uncheck();
  await dialog.getByLabel(/IP allowlist/).fill(LONG_ALLOWLIST);
  await dialog.getByRole("button", { name: "Create test key" }).click();
  const key = (await dialog.getByTestId("new-api-key").textContent()) ?? "";
  expect(key).toMatch(/^sk_test_/);
  await dialog.getByRole("button", { name: "Done" }).click();

  const receiver = await startReceiver(() => "whsec_not_the_applications_secret");
  const endpointUrl = `${receiver.url}/acme-payroll-international/eu-west-1/production/incoming-wallet-and-card-events?tenant=acme-payroll-international-eu&version=2026-11-01`;
  await page.goto(`${base}/webhooks`);
  await page.getByLabel("Endpoint URL").fill(endpointUrl);
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText("Endpoint added")).toBeVisible();

  const externalUserIds = [1, 2, 3].map(longExternalUserId);
  for (const externalUserId of externalUserIds) {
    const wallet = await api(key, "POST", "/api/public/sdk/v1/wallets", {
      externalUserId,
      currency: "USD",
      email: `maria-fernanda.de-los-santos-rodriguez-villanueva+${externalUserId.length}@payroll.acme-international-holdings.example`,
      name: "María Fernanda de los Santos Rodríguez-Villanueva",
      address: {
        line1: "Avenida de la Constitución 1234, Edificio Torre Norte",
        line2: "Planta 17, Oficina 1702",
        city: "San Sebastián de los Reyes",
        region: "Comunidad de Madrid",
        postalCode: "28700",
        country: "ES",
      },
    });
    expect(wallet.status).toBe(201);
  }
  const card = await api(key, "POST", "/api/public/sdk/v1/cards", {
    externalUserId: externalUserIds[0],
    kind: "virtual",
    currency: "USD",
  });
  expect(card.status).toBe(201);
  // Deliveries have been tried (and refused) at least once, so their retry time is filled in.
  await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  return { appId, base, key, receiver, endpointUrl, externalUserIds };
}
