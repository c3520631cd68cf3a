import { Types } from 'mongoose';
import { findInIdOrder, keyed, keyedOrNull, type ListFamily } from '@podz/kit';
import type { CampaignModel, CampaignRecord, StoredCampaign } from './campaign-model';

/** The console's list of campaigns, newest first. */
export const CAMPAIGNS_LIST = 'campaigns:all';

/** Every campaign not deleted is in the list; placed after each write (kit ListKeeper). */
export function campaignFamily(model: CampaignModel): ListFamily<CampaignRecord> {
  return {
    name: 'campaigns',
    lists: [CAMPAIGNS_LIST],
    placements: (record) =>
      record.deletedAt ? [] : [{ list: CAMPAIGNS_LIST, score: record.createdAt.getTime() }],
    sortKey: () => '',
    findById: (id) => model.findById(new Types.ObjectId(id)).lean<StoredCampaign>().then(keyedOrNull),
    findByIds: (ids) => findInIdOrder<StoredCampaign>(model, ids),
    forEach: async (visit) => {
      for await (const record of model.find({ deletedAt: null }).lean<StoredCampaign[]>().cursor()) {
        await visit(keyed(record as StoredCampaign));
      }
    },
  };
}
