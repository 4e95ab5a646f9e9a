import { ComingSoon } from '../layout/ComingSoon';

/** /admin/messages and /admin/payments: the product shows only a coming-soon placeholder. */
export function MessagesPage() {
  return <ComingSoon title="labellens.menu.messages" message="labellens.coming_soon.messages" />;
}

export function PaymentsPage() {
  return <ComingSoon title="labellens.menu.payments" message="labellens.coming_soon.payments" />;
}
