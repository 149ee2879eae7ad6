// The development mailbox (no SMTP_URL): each message is an .eml file and, beside it, a plain .txt
// whose links are whole, where the .eml's quoted-printable text breaks a long link across lines.
import { readFile, rm } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { sendMail } from "@/lib/mail/send-mail";

const previousSmtp = process.env.SMTP_URL;
const written: string[] = [];

afterEach(async () => {
  if (previousSmtp === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = previousSmtp;
  await Promise.all(written.splice(0).map((file) => rm(file, { force: true })));
});

describe("the development mailbox", () => {
  it("writes a plain .txt beside each .eml, with the long link on one line", async () => {
    delete process.env.SMTP_URL;
    const link = `http://localhost:3000/merchant/sdk/reset-password?token=${"x".repeat(96)}`;
    const sent = await sendMail({
      to: "operator@localhost",
      subject: "Reset your password",
      text: `Someone asked to reset the password of operator@localhost.\n\nReset it: ${link}\n`,
      link,
    });
    expect(sent.via).toBe("file");
    const eml = sent.file ?? "";
    const txt = eml.replace(/\.eml$/, ".txt");
    written.push(eml, txt);
    expect(eml).toMatch(/\.eml$/);

    // The .eml itself folds the link (a soft line break, "=" at a line's end), so it cannot be copied.
    expect(await readFile(eml, "utf8")).not.toContain(link);
    const plain = await readFile(txt, "utf8");
    expect(plain.split("\n")).toContain(`Reset it: ${link}`);
    expect(plain).toMatch(/^From: .+\nTo: operator@localhost\nSubject: Reset your password\n\n/);
  });
});
