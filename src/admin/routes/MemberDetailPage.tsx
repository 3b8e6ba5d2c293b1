export default function MemberDetailPage() {
  return null;
}
