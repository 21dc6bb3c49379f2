export { uploadFile, FILES_BASE, type UploadOptions } from './upload-file';
export { fingerprint, pendingUploads } from './resume-store';
