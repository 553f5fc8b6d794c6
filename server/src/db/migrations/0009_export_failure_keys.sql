-- The export area's messages moved from the locale namespace "export" to "export-task" (one name per area);
-- failed tasks keep their failure as a message key, so stored keys follow.
UPDATE "export_tasks" SET "error" = 'export-task.errors.' || substr("error", length('export.errors.') + 1)
WHERE "error" LIKE 'export.errors.%';
