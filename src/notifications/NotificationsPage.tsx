import { ComingSoon } from '../layout/ComingSoon';

/** Placeholder until the send-notifications screen (a later issue) lands. */
export default function NotificationsPage() {
  return <ComingSoon title="labellens.menu.notifications" message="labellens.coming_soon.notifications" />;
}
