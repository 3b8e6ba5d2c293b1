export default function MembersPage() {
  return null;
}
