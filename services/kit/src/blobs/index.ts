// Where media bytes live (a local folder or an S3 bucket) and how they are served with ranges.
export { checkKey, type BlobInfo, type BlobStore } from './blob-store';
export { LocalBlobStore } from './local-blob-store';
export { S3BlobStore, type S3Settings } from './s3-blob-store';
export { blobStoreSettings, createBlobStore, type BlobStoreConfig } from './create-blob-store';
export { copyFolderTo } from './copy-blobs';
export {
  answerFile,
  IMMUTABLE,
  serveBlob,
  type FileFacts,
  type Served,
  type ServeOptions,
} from './serve-blob';
export { composedLength, composedStream, serveComposed, type ComposedFile, type Part } from './composed-file';
