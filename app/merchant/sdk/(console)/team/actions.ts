"use server";
// Server actions of the team page. Each lib/console/team.ts function checks the member's role
// itself, so a forged request (another account's id, a viewer's call) is refused there.
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { transaction } from "@/lib/db/client";
import { requireAuditContext } from "@/lib/console/session";
import { changeMemberRole, inviteMember, removeMember, revokeInvitation } from "@/lib/console/team";
import { runAction, text, type ActionState } from "@/app/merchant/sdk/_lib/action-state";

const TEAM_PATH = "/merchant/sdk/team";

export async function inviteMemberAction(
  accountId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  const context = await requireAuditContext();
  const values = { email: text(form, "email"), role: text(form, "role") };
  const state = await runAction(async () => {
    const { email } = await transaction((tx) => inviteMember(tx, context, accountId, values));
    return { message: `Invitation to ${email} queued: it arrives by email and works once, for 7 days.` };
  }, values);
  revalidatePath(TEAM_PATH);
  return state;
}

export async function changeRoleAction(
  accountId: string,
  membershipId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  const context = await requireAuditContext();
  const state = await runAction(async () => {
    const { role } = await transaction((tx) =>
      changeMemberRole(tx, context, accountId, membershipId, text(form, "role")),
    );
    return { message: `Role changed to ${role}.` };
  });
  revalidatePath(TEAM_PATH);
  return state;
}

export async function removeMemberAction(accountId: string, membershipId: string): Promise<ActionState> {
  const context = await requireAuditContext();
  let left = false;
  const state = await runAction(async () => {
    left = (await transaction((tx) => removeMember(tx, context, accountId, membershipId))).left;
  });
  if (left) redirect("/merchant/sdk");
  revalidatePath(TEAM_PATH);
  return state;
}

export async function revokeInvitationAction(accountId: string, invitationId: string): Promise<ActionState> {
  const context = await requireAuditContext();
  const state = await runAction(async () => {
    await transaction((tx) => revokeInvitation(tx, context, accountId, invitationId));
  });
  revalidatePath(TEAM_PATH);
  return state;
}
