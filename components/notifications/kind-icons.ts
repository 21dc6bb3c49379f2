/** The icon of a notification kind (primeicons); an unknown kind gets the bell. */
export const KIND_ICON: Record<string, string> = {
  share: 'pi pi-share-alt',
  upload: 'pi pi-upload',
  upload_failed: 'pi pi-exclamation-circle',
  spec_stale: 'pi pi-exclamation-triangle',
  process_changed: 'pi pi-sync',
  course_done: 'pi pi-graduation-cap',
  new_device: 'pi pi-shield',
};

/** «1 непрочитанное», «3 непрочитанных». */
export const UNREAD: readonly [string, string, string] = ['непрочитанное', 'непрочитанных', 'непрочитанных'];
