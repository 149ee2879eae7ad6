// The product's one name, as every public page and the API reference's title show it.
export const PRODUCT_NAME = "Wallet & Card Service";
