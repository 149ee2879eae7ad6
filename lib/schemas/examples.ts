// The one story every example in the OpenAPI document tells, so examples agree with each other:
// Ada Obi (`user_42`) gets a test-mode USD wallet, a top-up of 500.00, a virtual card with a 250.50
// limit, a 20.00 hold at a coffee shop captured at 18.40 and refunded 4.60, a declined spend, a hotel's
// 150.00 hold reversed, then an October statement and a proof-of-funds letter. Plain values only (no imports), shared by the schema files beside
// each shape; tests/unit/openapi-examples.test.ts checks every example against its own schema.

export const EXAMPLE_BASE_URL = "http://localhost:3000";

export const EXAMPLE_IDS = {
  wallet: "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
  card: "card_9QwE2rTy6UiO0pAs4DfG8hJk",
  cardDetailsSession: "cds_5Nc8Vb1Xm4Qa7Zs2Wd9Ef6Rg",
  authorization: "auth_3kT9sLm2QpX7vB1nR5cY8dWz",
  declinedAuthorization: "auth_6Vb2Nm8Qw4Er1Ty7Ui3Op9As",
  reversedAuthorization: "auth_9Zx1Cv4Bn7Mq2Wl5Ek8Rj3Th",
  fundingTransfer: "ltr_8HcN2wQe5RtY1uIo3PaS7dFg",
  captureTransfer: "ltr_3JkL9mNb2VcX7zAs5DfG1hQw",
  refundTransfer: "ltr_6TyU1iOp4AsD8fGh2JkL5zXc",
  walletProvisionedEvent: "evt_1aB2cD3eF4gH5iJ6kL7mN8oP",
  cardIssuedEvent: "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
  cardAuthorizedEvent: "evt_7pQ8rS9tU0vW1xY2zA3bC4dE",
  cardCapturedEvent: "evt_5hJ6kL7mN8pQ9rS0tU1vW2xY",
  cardRefundedEvent: "evt_2zA3bC4dE5fG6hJ7kL8mN9pQ",
  cardReversedEvent: "evt_6Kd1Lf4Gs8Hj2Pw5Qe9Rt3Ya",
  cardDeclinedEvent: "evt_3Rm8Tq1Wz6Yb4Nc9Vd2Xf7Hg",
  cardUpdatedEvent: "evt_8Jp2Ks5Lt9Mv3Nw6Px1Qy4Rz",
  cardFrozenEvent: "evt_1Ab9Cd8Ef7Gh6Ij5Kl4Mn3Op",
  cardUnfrozenEvent: "evt_9Zy8Xw7Vu6Ts5Rq4Po3Nm2Lk",
  cardCanceledEvent: "evt_5Qa4Ws3Ed2Rf1Tg9Yh8Uj7Ik",
  walletUpdatedEvent: "evt_7Ol6Ik5Uj4Yh3Tg2Rf1Ed9Ws",
  walletFrozenEvent: "evt_2Wf4Rz7Kp1Xm9Qd3Lc6Vb8Nh",
  walletUnfrozenEvent: "evt_8Uf1Rz3Kq6Xn2Pd9Lb4Vc7Mj",
  walletClosedEvent: "evt_4Cw9Lz2Hx7Qe1Ks5Td8Vg3Pf",
  cardExpiredEvent: "evt_6Ex3Pq8Zr1Wm4Yt9Ks2Ld5Nb",
  endpointDisabledEvent: "evt_1Ed5Sb9Qk3Wn7Xr2Mt6Yv4Lc",
  decisionEndpointFailingEvent: "evt_9Df2Gk6Lm1Qp5Rs8Tv3Wx7Yz",
  secretRotatedEvent: "evt_3Sr7Tk1Vm5Xq9Zb2Nd6Pf8Hg",
  delivery: "whd_2bC4dE6fG8hJ0kL1mN3pQ5rS",
  firstAttempt: "wha_1qW2eR3tY4uI5oP6aS7dF8gH",
  retryAttempt: "wha_8hJ3kL5mN7pQ9rS2tV4wX6yZ",
  endpoint: "we_5Lm7Nb2Vc9Xz4As1Df8Gh3Jk",
  statement: "stmt_7Rt2Yu9Io4Pa1Sd6Fg3Hj8Kl",
  proof: "prf_2Qw8Er5Ty1Ui7Op4As9Df3Gh",
  request: "req_7Hn2Kq9Lm4Pz1Xc6Vb8Nm3Qw",
} as const;

export const EXAMPLE_USER = {
  externalUserId: "user_42",
  email: "ada@example.com",
  name: "Ada Obi",
  maskedName: "A*** O***",
  /** Nine digits and a Luhn check digit, as every account number. */
  accountNumber: "4829103748",
  currency: "USD",
} as const;

export const EXAMPLE_ADDRESS = {
  line1: "350 Fifth Avenue",
  line2: "Suite 4200",
  city: "New York",
  region: "NY",
  postalCode: "10118",
  country: "US",
};

/** When each step of the story happened (UTC). */
export const EXAMPLE_TIMES = {
  walletCreated: "2026-10-01T08:30:00.000Z",
  funded: "2026-10-01T08:35:12.000Z",
  cardIssued: "2026-10-01T08:41:03.000Z",
  firstAttemptSent: "2026-10-01T08:41:04.000Z",
  retryAttemptSent: "2026-10-01T08:42:14.000Z",
  retryAttemptAnswered: "2026-10-01T08:42:14.087Z",
  authorized: "2026-10-03T12:14:27.000Z",
  captured: "2026-10-03T12:20:05.000Z",
  refunded: "2026-10-04T09:02:45.000Z",
  /** The coffee's hold would have lapsed then (AUTHORIZATION_HOLD_DAYS, 7, after it was placed). */
  authorizationExpires: "2026-10-10T12:14:27.000Z",
  declined: "2026-10-05T19:03:51.000Z",
  hotelAuthorized: "2026-10-06T15:20:00.000Z",
  hotelExpires: "2026-10-13T15:20:00.000Z",
  reversed: "2026-10-06T18:45:10.000Z",
  statementIssued: "2026-11-02T10:00:00.000Z",
  statementExpires: "2027-01-31T10:00:00.000Z",
  proofIssued: "2026-11-02T10:05:00.000Z",
  proofExpires: "2026-12-02T10:05:00.000Z",
  treasuryAsOf: "2026-11-21T10:00:00.000Z",
} as const;

export const EXAMPLE_MERCHANT = { name: "Corner Coffee", category: "5814", country: "US" };
/** A hotel's 150.00 deposit hold, reversed by the application when Ada cancelled the booking. */
export const EXAMPLE_HOTEL_MERCHANT = { name: "Harbor Hotel", category: "7011", country: "US" };

export const EXAMPLE_STATEMENT_TOKEN = "vst_8HcN2wQe5RtY1uIo3PaS7dFgK9LmZx0b";
export const EXAMPLE_PROOF_REFERENCE = "PRF-7KQ2-M9XD";
export const EXAMPLE_IDEMPOTENCY_KEY = "5f0c6d2e-8b1a-4c37-9e4d-2a7b3c9d1e6f";
export const EXAMPLE_WEBHOOK_URL = "https://shop.example.com/api/webhooks";

/**
 * The application webhook secret the example deliveries are signed with, so a receiver can check
 * its verification code against the documented examples. Never a real application's secret.
 */
export const EXAMPLE_WEBHOOK_SECRET = "whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL";

/** The QR code the service draws for the example statement's verifyUrl (qrcode, margin 2, level M). */
export const EXAMPLE_STATEMENT_QR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 41 41" shape-rendering="crispEdges"><path fill="#ffffff" d="M0 0h41v41H0z"/><path stroke="#000000" d="M2 2.5h7m2 0h1m1 0h2m2 0h1m1 0h2m1 0h3m3 0h3m1 0h7M2 3.5h1m5 0h1m4 0h1m2 0h1m2 0h1m1 0h1m6 0h3m1 0h1m5 0h1M2 4.5h1m1 0h3m1 0h1m1 0h1m1 0h1m1 0h3m3 0h4m5 0h1m2 0h1m1 0h3m1 0h1M2 5.5h1m1 0h3m1 0h1m1 0h2m2 0h3m1 0h4m2 0h2m1 0h1m1 0h2m1 0h1m1 0h3m1 0h1M2 6.5h1m1 0h3m1 0h1m1 0h2m1 0h2m2 0h2m2 0h2m2 0h1m2 0h1m1 0h1m1 0h1m1 0h3m1 0h1M2 7.5h1m5 0h1m1 0h1m2 0h1m3 0h1m2 0h1m1 0h1m4 0h1m1 0h2m1 0h1m5 0h1M2 8.5h7m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h7M10 9.5h1m2 0h1m4 0h1m3 0h2m4 0h1M2 10.5h1m1 0h5m2 0h2m2 0h3m2 0h1m1 0h1m1 0h1m1 0h2m1 0h1m2 0h5M2 11.5h2m3 0h1m1 0h2m1 0h1m2 0h1m1 0h3m4 0h2m1 0h2m1 0h2m5 0h1M2 12.5h1m1 0h1m1 0h1m1 0h2m3 0h4m5 0h2m2 0h2m1 0h1m1 0h1m1 0h1m2 0h3M3 13.5h3m1 0h1m8 0h1m1 0h1m4 0h2m4 0h1m1 0h1m2 0h1m3 0h1M2 14.5h2m2 0h4m1 0h1m1 0h1m1 0h1m3 0h1m4 0h4m1 0h4m1 0h1m2 0h2M4 15.5h2m1 0h1m1 0h1m1 0h5m2 0h2m1 0h2m2 0h1m2 0h1m1 0h1m2 0h1m3 0h1M2 16.5h2m1 0h1m2 0h3m2 0h5m1 0h1m2 0h2m2 0h5m1 0h1m2 0h1m1 0h2M2 17.5h1m1 0h1m1 0h2m2 0h3m1 0h1m2 0h1m1 0h3m1 0h1m1 0h1m2 0h1m1 0h5M2 18.5h2m2 0h8m1 0h2m1 0h1m2 0h1m4 0h3m1 0h4m2 0h1m1 0h1M5 19.5h1m1 0h1m1 0h1m3 0h3m1 0h1m2 0h1m1 0h3m4 0h3m1 0h1m1 0h1m1 0h1M2 20.5h1m2 0h2m1 0h1m1 0h1m2 0h1m1 0h1m1 0h3m1 0h1m2 0h1m2 0h1m1 0h2m1 0h1m4 0h2M2 21.5h3m2 0h1m2 0h2m4 0h2m2 0h4m2 0h1m1 0h1m2 0h1m1 0h1m4 0h1M2 22.5h1m1 0h1m1 0h1m1 0h1m1 0h3m1 0h2m1 0h1m1 0h1m1 0h1m2 0h2m1 0h1m1 0h1m1 0h2m1 0h3M2 23.5h2m2 0h2m1 0h1m1 0h2m1 0h1m1 0h3m2 0h5m2 0h1m1 0h1m2 0h1m1 0h1m1 0h1M2 24.5h4m2 0h5m1 0h1m1 0h2m2 0h1m1 0h2m4 0h2m1 0h5m2 0h1M2 25.5h1m1 0h1m1 0h1m3 0h4m2 0h2m3 0h3m1 0h1m3 0h1m1 0h5M3 26.5h1m1 0h1m1 0h2m5 0h1m1 0h1m3 0h3m1 0h2m2 0h1m1 0h5m1 0h2M2 27.5h2m1 0h2m5 0h2m2 0h3m6 0h2m5 0h2M2 28.5h1m3 0h4m1 0h1m1 0h4m2 0h2m1 0h2m5 0h2m1 0h1m1 0h1m2 0h2M2 29.5h1m1 0h4m2 0h2m1 0h1m1 0h2m1 0h1m4 0h4m3 0h3m2 0h1m1 0h1M2 30.5h1m5 0h3m1 0h2m2 0h1m1 0h2m5 0h3m2 0h5m1 0h3M10 31.5h7m2 0h1m1 0h6m1 0h3m3 0h3m1 0h1M2 32.5h7m2 0h1m4 0h4m6 0h3m1 0h1m1 0h1m1 0h5M2 33.5h1m5 0h1m1 0h2m1 0h1m1 0h1m2 0h3m1 0h2m2 0h1m3 0h1m3 0h2m1 0h1M2 34.5h1m1 0h3m1 0h1m1 0h1m2 0h1m4 0h1m4 0h1m2 0h11m1 0h1M2 35.5h1m1 0h3m1 0h1m1 0h1m1 0h3m2 0h1m2 0h1m1 0h1m6 0h1m1 0h2m1 0h1m3 0h1M2 36.5h1m1 0h3m1 0h1m1 0h4m2 0h3m2 0h1m2 0h1m5 0h1m6 0h2M2 37.5h1m5 0h1m2 0h1m1 0h3m1 0h1m2 0h6m3 0h2m2 0h2m3 0h1M2 38.5h7m1 0h1m1 0h4m1 0h2m2 0h2m1 0h1m2 0h1m3 0h4m2 0h2"/></svg>\n';
