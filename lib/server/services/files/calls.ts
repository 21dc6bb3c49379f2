import 'server-only';
import { openCall, type CallTable } from '../../gateway/types';
import { abortUploadCall } from './abort-upload';
import { completeUploadCall } from './complete-upload';
import { copyFileCall } from './copy-file';
import { createFolderCall } from './create-folder';
import { createUploadCall } from './create-upload';
import { deleteFilesCall } from './delete-files';
import { deleteForeverCall, emptyTrashCall } from './delete-forever';
import { createFileLinkCall, listFileLinksCall, listLinkObjectsCall, openFileLinkCall, revokeFileLinkCall } from './file-links';
import { getFileCall } from './get-file';
import { getFileInfoCall } from './get-file-info';
import { getZipCall } from './get-zip';
import { listObjectsCall } from './list-objects';
import { listTrashCall } from './list-trash';
import { restoreFilesCall } from './restore-files';
import { setFileModeCall } from './set-file-mode';
import { listSharesCall, shareFileCall, unshareFileCall } from './share-file';
import { updateAttributesCall } from './update-attributes';
import { uploadChunkCall } from './upload-chunk';
import { uploadStatusCall } from './upload-status';

/** file-manager v1 calls, incl. `file/:id` and `files`. */
export const fileCalls = {
  listObjects: listObjectsCall,
  getFileInfo: getFileInfoCall,
  createFolder: createFolderCall,
  updateAttributes: updateAttributesCall,
  setFileMode: setFileModeCall,
  createFileLink: createFileLinkCall,
  listFileLinks: listFileLinksCall,
  revokeFileLink: revokeFileLinkCall,
  openFileLink: openCall(openFileLinkCall),
  listLinkObjects: openCall(listLinkObjectsCall),
  shareFile: shareFileCall,
  unshareFile: unshareFileCall,
  listShares: listSharesCall,
  deleteFiles: deleteFilesCall,
  listTrash: listTrashCall,
  restoreFiles: restoreFilesCall,
  deleteForever: deleteForeverCall,
  emptyTrash: emptyTrashCall,
  createUpload: createUploadCall,
  uploadChunk: uploadChunkCall,
  uploadStatus: uploadStatusCall,
  completeUpload: completeUploadCall,
  abortUpload: abortUploadCall,
  copyFile: copyFileCall,
  'file/:id': openCall(getFileCall),
  files: openCall(getZipCall),
} satisfies CallTable;
