import { LINKS_MAX, updateUserBodySchema, type FullUser } from '@podz/proto';
import { useState, type FormEvent } from 'react';
import { MediaUpload } from '../../../components/media-upload';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { FormError, TextArea, TextField } from '../../../components/ui/field';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useSession } from '../../../stores/session-store';
import { useUi } from '../../../stores/ui-store';
import { useUpdateMe } from '../api/account-api';

/** Username, picture, bio and links; the session is read again since it carries name and picture. */
export function ProfileForm({ user }: { user: FullUser }) {
  const update = useUpdateMe(user.id);
  const refreshSession = useSession((state) => state.refresh);
  const toast = useUi((state) => state.toast);
  const [username, setUsername] = useState(user.username);
  const [bio, setBio] = useState(user.bio);
  const [links, setLinks] = useState(user.links.join('\n'));
  const [picture, setPicture] = useState(user.profilePicture);
  const [uploading, setUploading] = useState(false);
  const { errors, formError, check, fail } = useFormErrors();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      username: username.trim(),
      bio,
      links: links
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      profilePicture: picture,
    };
    const data = check(updateUserBodySchema, body);
    if (!data) return;
    update.mutate(data, {
      onSuccess: () => {
        void refreshSession();
        toast('Your profile was saved');
      },
      onError: fail,
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid max-w-xl gap-5" aria-label="Profile">
      <div className="flex items-center gap-4">
        <Avatar src={picture} name={`${user.username}'s picture`} size="size-20" />
        <div className="flex-1">
          <MediaUpload
            kind="image"
            label="Profile picture"
            onUploaded={(media) => setPicture(media.url)}
            onBusyChange={setUploading}
            error={errors.profilePicture}
          />
        </div>
      </div>
      <TextField
        label="Username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={errors.username}
        autoComplete="username"
      />
      <TextArea label="Bio" value={bio} onChange={(e) => setBio(e.target.value)} error={errors.bio} />
      <TextArea
        label={`Links (one per line, up to ${LINKS_MAX})`}
        value={links}
        onChange={(e) => setLinks(e.target.value)}
        error={errors.links}
        rows={3}
      />
      <FormError message={formError} />
      <div>
        <Button type="submit" disabled={update.isPending || uploading}>
          {update.isPending ? 'Saving…' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}
