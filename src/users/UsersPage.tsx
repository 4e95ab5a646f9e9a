import { ComingSoon } from '../layout/ComingSoon';

/** Placeholder until the users screen (a later issue) lands. */
export default function UsersPage() {
  return <ComingSoon title="labellens.menu.users" message="labellens.coming_soon.users" />;
}
