-- One name per area from the route to the table: business processes and specification versions.
ALTER TABLE "process_sets" RENAME TO "business_processes";--> statement-breakpoint
ALTER INDEX "process_sets_pkey" RENAME TO "business_processes_pkey";--> statement-breakpoint
ALTER INDEX "process_sets_owner_idx" RENAME TO "business_processes_owner_idx";--> statement-breakpoint
ALTER TABLE "spec_versions" RENAME TO "specification_versions";--> statement-breakpoint
ALTER INDEX "spec_versions_pkey" RENAME TO "specification_versions_pkey";--> statement-breakpoint
ALTER INDEX "spec_versions_spec_version_uq" RENAME TO "specification_versions_spec_version_uq";--> statement-breakpoint
ALTER TABLE "specification_versions" RENAME CONSTRAINT "spec_versions_spec_id_files_objects_id_fk" TO "specification_versions_spec_id_files_objects_id_fk";
