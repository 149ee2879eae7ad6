// Which application and mode a request acts for; every domain query filters by both.
export type Tenant = { applicationId: string; livemode: boolean };
