import { Avatar, Stack, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { ChipList } from '../../list/fields';
import { useSignedUrl } from '../../storage/signedUrls';
import type { Profile } from './data';

const dash = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/**
 * Name with the avatar (or its initial): the private object the app uploaded, through a signed
 * URL (the page's avatars signed together), else an external avatar URL.
 */
export function ProfileNameField() {
  const profile = useRecordContext<Profile>();
  const signed = useSignedUrl('avatars', 'avatar_path', profile?.avatar_path);
  if (!profile) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Avatar
        src={(profile.avatar_path ? signed : profile.avatar) ?? undefined}
        alt=""
        // An app user chose this address: it learns nothing about the admin's page.
        slotProps={{ img: { referrerPolicy: 'no-referrer' } }}
        sx={{ width: 28, height: 28, fontSize: 14 }}
      >
        {profile.name.trim().charAt(0).toUpperCase()}
      </Avatar>
      <span>{profile.name}</span>
    </Stack>
  );
}

/** The relationship, or Self when it is blank. */
export function RelationshipField() {
  const profile = useRecordContext<Profile>();
  const translate = useTranslate();
  if (!profile) return null;
  return <>{profile.relationship?.trim() ? profile.relationship : translate('labellens.profiles.self')}</>;
}

export function AgeGenderField() {
  const profile = useRecordContext<Profile>();
  const translate = useTranslate();
  if (!profile) return null;
  return (
    <>
      {translate('labellens.profiles.age_gender', { age: dash(profile.age), gender: dash(profile.gender) })}
    </>
  );
}

export function HeightWeightField() {
  const profile = useRecordContext<Profile>();
  const translate = useTranslate();
  if (!profile) return null;
  return (
    <>
      {translate('labellens.profiles.height_weight', {
        height: dash(profile.height),
        weight: dash(profile.weight),
      })}
    </>
  );
}

/** Conditions, allergies and dietary restrictions, each as labelled chips. */
export function HealthListsField() {
  const profile = useRecordContext<Profile>();
  const translate = useTranslate();
  if (!profile) return null;
  const lists = ['health_conditions', 'allergies', 'dietary_restrictions'] as const;
  return (
    <Stack spacing={0.5}>
      {lists.map((list) => (
        <div key={list}>
          <Typography variant="caption" color="text.secondary">
            {translate(`resources.profiles.fields.${list}`)}
          </Typography>
          <ChipList values={profile[list]} />
        </div>
      ))}
    </Stack>
  );
}
