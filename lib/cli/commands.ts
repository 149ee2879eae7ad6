// Every operator command by the words that run it, in the order the help lists them, with the topic
// it is listed under: the one place to add a command.
import type { OptionValues } from "commander";
import { bootstrapCommand } from "./bootstrap-command";
import { cardDetailsCommand } from "./card-details-command";
import type { CliCommand } from "./cli-command";
import { signingKeysRotateCommand, verifyCommand } from "./documents-commands";
import { eventsTailCommand } from "./events-tail-command";
import { fundWalletCommand } from "./fund-wallet-command";
import { keysCreateCommand, keysListCommand, keysRevokeCommand } from "./keys-commands";
import { ledgerVerifyCommand } from "./ledger-commands";
import { listenCommand } from "./listen-command";
import { liabilitiesSnapshotCommand, liabilitiesVerifyCommand } from "./liabilities-commands";
import { balanceCommand, topUpRecordCommand, transferCreateCommand } from "./money-movement-commands";
import {
  bankAccountsAddCommand,
  payoutsCreateCommand,
  payoutsListCommand,
  payoutsMoveCommand,
  transfersListCommand,
} from "./payout-commands";
import { reportsBalanceCommand } from "./reports-commands";
import { reverseAuthorizationCommand } from "./reverse-authorization-command";
import { networkSimulateCommand } from "./network-simulate-command";
import { simulateAuthorizationCommand } from "./simulate-authorization-command";
import { triggerCommand } from "./trigger-command";
import { walletsCloseCommand, walletsFreezeCommand, walletsUnfreezeCommand } from "./wallet-status-commands";
import {
  webhooksAddCommand,
  webhooksDisableCommand,
  webhooksEnableCommand,
  webhooksListCommand,
} from "./webhooks-commands";

export const COMMANDS = {
  bootstrap: bootstrapCommand,
  "keys create": keysCreateCommand,
  "keys list": keysListCommand,
  "keys revoke": keysRevokeCommand,
  "wallets fund": fundWalletCommand,
  "wallets freeze": walletsFreezeCommand,
  "wallets unfreeze": walletsUnfreezeCommand,
  "wallets close": walletsCloseCommand,
  balance: balanceCommand,
  "top-ups record": topUpRecordCommand,
  "transfers create": transferCreateCommand,
  "transfers list": transfersListCommand,
  "bank-accounts add": bankAccountsAddCommand,
  "payouts create": payoutsCreateCommand,
  "payouts list": payoutsListCommand,
  "payouts move": payoutsMoveCommand,
  "reports balance": reportsBalanceCommand,
  "cards details": cardDetailsCommand,
  "authorizations reverse": reverseAuthorizationCommand,
  "authorizations simulate": simulateAuthorizationCommand,
  "network simulate": networkSimulateCommand,
  "webhooks add": webhooksAddCommand,
  "webhooks list": webhooksListCommand,
  "webhooks disable": webhooksDisableCommand,
  "webhooks enable": webhooksEnableCommand,
  trigger: triggerCommand,
  "events tail": eventsTailCommand,
  listen: listenCommand,
  "signing-keys rotate": signingKeysRotateCommand,
  verify: verifyCommand,
  "liabilities snapshot": liabilitiesSnapshotCommand,
  "liabilities verify": liabilitiesVerifyCommand,
  "ledger verify": ledgerVerifyCommand,
} satisfies Record<string, CliCommand<OptionValues>>;

type Words = keyof typeof COMMANDS;
type FirstWord<W extends string> = W extends `${infer First} ${string}` ? First : W;
type GroupWord<W extends string> = W extends `${infer First} ${string}` ? First : never;

/** The help's heading for each command, by its first word. */
export const TOPICS: Record<FirstWord<Words>, string> = {
  bootstrap: "Getting started:",
  keys: "Keys:",
  wallets: "Wallets:",
  balance: "Money in and out:",
  "top-ups": "Money in and out:",
  transfers: "Money in and out:",
  "bank-accounts": "Money in and out:",
  payouts: "Money in and out:",
  reports: "Money in and out:",
  cards: "Wallets:",
  authorizations: "Wallets:",
  network: "Wallets:",
  webhooks: "Webhooks:",
  trigger: "Webhooks:",
  events: "Webhooks:",
  listen: "Webhooks:",
  "signing-keys": "Signed documents:",
  verify: "Signed documents:",
  liabilities: "Proof of liabilities:",
  ledger: "Proof of liabilities:",
};

/** What each command that only holds others is for (`keys --help`). */
export const GROUPS: Record<GroupWord<Words>, string> = {
  keys: "Mint, list and revoke an application's API keys",
  wallets: "Fund wallets from the platform's reserve; freeze, unfreeze and close them",
  "top-ups": "Record bank deposits into an application's balance",
  transfers: "Move money between an application's balance and its wallets, and list the moves",
  "bank-accounts": "Record bank accounts to pay out to",
  payouts: "Pay out to bank accounts, list payouts, and move test payouts as their bank would",
  reports: "Settlement report of an application's balance",
  cards: "Show a test card's details",
  authorizations: "Release card holds by hand; simulate a spend and see its decision",
  network: "Send a test card the card network's messages through the built-in simulator",
  webhooks: "Register, list and disable webhook endpoints",
  events: "Follow webhook delivery attempts",
  "signing-keys": "Rotate the key that signs statements and proof letters",
  liabilities: "Publish liability snapshots and check inclusion proofs offline",
  ledger: "Verify the whole ledger against its running totals and cached balances",
};

export function isGroupWord(word: string): word is GroupWord<Words> {
  return Object.hasOwn(GROUPS, word);
}

export function isFirstWord(word: string): word is FirstWord<Words> {
  return Object.hasOwn(TOPICS, word);
}
