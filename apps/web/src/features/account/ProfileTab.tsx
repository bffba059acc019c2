import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages, type ProfileResponse, USERNAME_MAX_LENGTH } from '@tapeline/core';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useSession } from '../../app/session.tsx';
import { profileApi, profileKeys } from '../../lib/profileApi.ts';
import { Checkbox, Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { useRuleForm } from '../../ui/form/useRuleForm.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { chatIsActive, roleLabel } from '../admin/index.ts';
import { accountText } from './accountText.ts';
import { imageProblem, profileForm, profileSaveError } from './profileRules.ts';

/** Spec §2 Profile tab. */
export function ProfileTab() {
  const profile = useQuery({ queryKey: profileKeys.profile, queryFn: profileApi.get });
  return (
    <>
      <h2>{accountText.tabProfile}</h2>
      {profile.isPending ? (
        <Spinner />
      ) : profile.isError ? (
        <FormMessage error={messages.profileFetchFailed} />
      ) : (
        <ProfileForm profile={profile.data} />
      )}
    </>
  );
}

function ProfileForm({ profile }: { profile: ProfileResponse }) {
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const toast = useToast();
  const imageId = useId();
  const form = useRuleForm(profileForm, {
    username: profile.username ?? '',
    notification: profile.chat_notification,
  });
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  // The preview is a blob URL of the chosen file, released when it changes or the tab closes.
  useEffect(() => {
    if (!image) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const save = useMutation({
    mutationFn: profileApi.update,
    onSuccess: (updated) => {
      queryClient.setQueryData(profileKeys.profile, updated);
      setImage(null);
      form.fail(null);
      toast(messages.profileUpdated, { tone: 'success' });
      refresh();
    },
    onError: (err) => form.fail(profileSaveError(err)),
  });

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!file) return;
    const problem = imageProblem(file);
    form.fail(problem);
    // A refused file also drops the one picked before it: what is shown is what Save sends.
    setImage(problem ? null : file);
  };

  const submit = form.submit(({ username, notification }) =>
    save.mutate({ username: username.trim(), notification, image }),
  );
  const username = form.watch('username');

  const shown = preview ?? profile.image;
  const active = chatIsActive(profile.chat);

  return (
    <div className="profile-details">
      <div className="profile-facts">
        <div className="badges">
          <span className={`role-badge role-${profile.role}`} data-testid="role-badge">
            {roleLabel(profile.role)}
          </span>
          {profile.service1yr ? (
            <span className="badge badge-gold">{accountText.profile.service1yr}</span>
          ) : null}
          {profile.vip ? <span className="badge badge-vip">{accountText.profile.vip}</span> : null}
        </div>
        <dl className="facts">
          <div>
            <dt>{accountText.profile.chatStatus}</dt>
            <dd className={active ? 'fact-good' : 'fact-bad'} data-testid="chat-status">
              {active ? accountText.profile.chatActive : accountText.profile.chatInactive}
            </dd>
          </div>
          <div>
            <dt>
              {accountText.profile.posts} <span className="muted">· {accountText.profile.monthlyStats}</span>
            </dt>
            <dd>{profile.cur_posts}</dd>
          </div>
          <div>
            <dt>
              {accountText.profile.vibe} <span className="muted">· {accountText.profile.monthlyStats}</span>
            </dt>
            <dd>{profile.vibe}</dd>
          </div>
        </dl>
      </div>

      <form className="form form-narrow" onSubmit={submit} noValidate>
        <div className="image-picker">
          <div className="avatar" aria-hidden={shown ? undefined : true}>
            {shown ? (
              <img src={shown} alt={accountText.profile.imagePreview} data-testid="avatar-preview" />
            ) : (
              <span className="avatar-initial">{(username.trim()[0] ?? '?').toUpperCase()}</span>
            )}
          </div>
          <div className="image-picker-controls">
            <span className="field-label">{accountText.profile.image}</span>
            <label htmlFor={imageId} className="btn btn-secondary btn-file">
              {accountText.profile.chooseImage}
            </label>
            <input id={imageId} type="file" accept="image/*" className="visually-hidden" onChange={pick} />
            <span className="muted field-hint">{image ? image.name : accountText.profile.imageHint}</span>
          </div>
        </div>
        <Field
          label={accountText.profile.username}
          {...form.register('username')}
          maxLength={USERNAME_MAX_LENGTH}
          autoComplete="nickname"
          required
        />
        <Checkbox label={accountText.profile.chatNotification} {...form.register('notification')} />
        <FormMessage {...form.notice} />
        <SubmitButton label={accountText.save} pending={save.isPending} />
      </form>
    </div>
  );
}
