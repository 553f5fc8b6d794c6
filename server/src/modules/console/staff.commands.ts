import { builtInStaffRoles, staffCreateBody } from "#contracts";
import { fail } from "../../lib/failure";
import { type Commands, optionText } from "../module";
import { builtInRoleIds } from "./role.service";
import { createStaff } from "./staff.service";

const roleCodes = Object.keys(builtInStaffRoles);

/** Operator commands: the first console account (a super administrator) comes from here on a new installation. */
export const staffCommands: Commands = {
  "staff:create": {
    summary: "Create a console staff account; prints its one-time password",
    usage: "staff:create --username <ops@example.com> [--name <Ops>] [--roles superAdmin,financeOfficer]",
    options: {
      username: { type: "string", description: "the sign-in e-mail address", required: true },
      name: { type: "string", description: "the name shown in the console" },
      roles: {
        type: "string",
        description: `built-in roles, comma-separated (default superAdmin): ${roleCodes.join(", ")}`,
      },
    },
    async run(deps, v, out, operator) {
      const codes = (optionText(v.roles) ?? "superAdmin")
        .split(",")
        .map((c) => c.trim())
        .filter(Boolean);
      const unknown = codes.find((c) => !roleCodes.includes(c));
      if (unknown) throw fail("roleNotFound");
      const input = staffCreateBody.safeParse({
        username: optionText(v.username),
        name: optionText(v.name) ?? "",
        roleIds: await builtInRoleIds(deps, codes),
      });
      if (!input.success) throw fail("validationFailed", { fields: "username" });
      const { member, password } = await createStaff(deps, operator, input.data);
      out(`Created ${member.username} (${codes.join(", ")}). One-time password: ${password}`);
      out("They bind an authenticator app at their first sign-in to the console.");
    },
  },
};
