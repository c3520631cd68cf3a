import { Types } from 'mongoose';

/** A new document id, as the 24-hex string the API and events carry; repositories turn it into an ObjectId. */
export const newId = (): string => new Types.ObjectId().toHexString();
