export { uploadFile } from './upload-file';
export { pendingUploads } from './resume-store';
