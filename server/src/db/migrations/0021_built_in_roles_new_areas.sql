-- The built-in roles of an existing console get the permissions of the areas issue 16 added, as a new database
-- gives them (contracts/console.ts builtInStaffRoles): finance manages payments, customer service reads risk
-- control, technology reads suppliers and routes. Anything else a super administrator set on them stays.
UPDATE "staff_roles" SET "permissions" = (
  SELECT jsonb_agg(DISTINCT p ORDER BY p) FROM jsonb_array_elements_text("permissions" || '["payments:list", "payments:create", "payments:edit"]'::jsonb) AS p
) WHERE "code" = 'financeOfficer';
--> statement-breakpoint
UPDATE "staff_roles" SET "permissions" = (
  SELECT jsonb_agg(DISTINCT p ORDER BY p) FROM jsonb_array_elements_text("permissions" || '["risk:list"]'::jsonb) AS p
) WHERE "code" = 'customerService';
--> statement-breakpoint
UPDATE "staff_roles" SET "permissions" = (
  SELECT jsonb_agg(DISTINCT p ORDER BY p) FROM jsonb_array_elements_text("permissions" || '["suppliers:list", "suppliers:show", "routes:list"]'::jsonb) AS p
) WHERE "code" = 'technology';
