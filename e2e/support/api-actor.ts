import { SiteBrowser } from '../../gateway/test/support/site-browser';

/**
 * Someone acting through the API while the browser is watched: an admin approving a request, an
 * owner setting up a show. Same gateway, same cookies, no shortcuts around the services.
 */
export class ApiActor extends SiteBrowser {
  static async signedIn(origin: string, username: string, password: string): Promise<ApiActor> {
    const actor = new ApiActor(origin);
    await actor.signIn(username, password);
    return actor;
  }

  /** Uploads an audio file as media's form takes it; the upload's id. */
  async uploadAudio(bytes: Uint8Array, name = 'take.wav'): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'audio/wav' }), name);
    const upload = await this.fetch('/api/media/audio', { method: 'POST', body: form });
    if (upload.status !== 201)
      throw new Error(`uploading ${name} answered ${upload.status}: ${await upload.text()}`);
    return ((await upload.json()) as { id: string }).id;
  }

  async userId(username: string): Promise<string> {
    const found = await this.json(`/api/users?search=${encodeURIComponent(username)}&limit=20`);
    const user = (found.body.items as { id: string; username: string }[]).find(
      (u) => u.username === username,
    );
    if (!user) throw new Error(`no user named ${username}`);
    return user.id;
  }
}

/** A unique, valid username for this run. */
export const uniqueUsername = (prefix: string) =>
  `${prefix}-${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;
