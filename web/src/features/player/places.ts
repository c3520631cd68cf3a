import { POSITION_SAVE_EVERY_SECONDS, PLAYED_WITHIN_SECONDS } from '@podz/proto';
import { fetchPlaces } from '../../lib/places-api';
import { beaconPlace, savePlace } from './api/listening-api';

// A visitor's places stay in their browser, the latest few.
const PLACES_KEY = 'podz.places';
const VISITOR_PLACES_KEPT = 50;

interface LocalPlace {
  position: number;
  played: boolean;
  at: number;
}

function localPlaces(): Record<string, LocalPlace> {
  try {
    return (JSON.parse(localStorage.getItem(PLACES_KEY) ?? '{}') as Record<string, LocalPlace>) ?? {};
  } catch {
    return {};
  }
}

/** Where a listener is in episodes: the listening service's for a member, the browser's for a visitor. */
export interface Places {
  /** Where to start the episode: its place unless heard to the end, else 0. */
  resumeAt: (episodeId: string) => Promise<number>;
  save: (episodeId: string, place: { position: number; duration?: number; ended?: boolean }) => void;
  /** The last save as the page goes. */
  saveOnLeave: (episodeId: string, place: { position: number; duration?: number }) => void;
}

export const SAVE_EVERY_MS = POSITION_SAVE_EVERY_SECONDS * 1000;

export function memberPlaces(): Places {
  return {
    resumeAt: async (episodeId) => {
      try {
        const [place] = await fetchPlaces([episodeId]);
        return place && !place.played ? place.position : 0;
      } catch {
        return 0;
      }
    },
    save: (episodeId, place) => void savePlace(episodeId, place).catch(() => undefined),
    saveOnLeave: beaconPlace,
  };
}

export function visitorPlaces(): Places {
  const save = (episodeId: string, place: { position: number; duration?: number; ended?: boolean }) => {
    const places = localPlaces();
    const near = place.duration !== undefined && place.position >= place.duration - PLAYED_WITHIN_SECONDS;
    places[episodeId] = { position: place.position, played: Boolean(place.ended) || near, at: Date.now() };
    const kept = Object.entries(places)
      .sort(([, a], [, b]) => b.at - a.at)
      .slice(0, VISITOR_PLACES_KEPT);
    try {
      localStorage.setItem(PLACES_KEY, JSON.stringify(Object.fromEntries(kept)));
    } catch {
      // Storage refused: the place is lost, the listening goes on.
    }
  };
  return {
    resumeAt: (episodeId) => {
      const place = localPlaces()[episodeId];
      return Promise.resolve(place && !place.played ? place.position : 0);
    },
    save,
    saveOnLeave: save,
  };
}
