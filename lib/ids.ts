// Prefixed random identifiers (`wal_...`, `card_...`), so an id says what it names.
import { randomInt } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function randomBase62(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

export type IdPrefix =
  | "wal"
  | "card"
  | "auth"
  | "evt"
  | "whd"
  | "whr"
  | "wha"
  | "we"
  | "stmt"
  | "prf"
  | "app"
  | "key"
  | "req"
  | "usr"
  | "acct"
  | "mem"
  | "inv"
  | "etok"
  | "idem"
  | "lacct"
  | "ltr"
  | "aud"
  | "whsk"
  | "rc"
  | "cds"
  | "pmsg"
  | "aep"
  | "areq"
  | "tu"
  | "tr"
  | "nstep"
  | "ba"
  | "po";

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(24)}`;
}
