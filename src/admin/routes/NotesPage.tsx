export default function NotesPage() {
  return null;
}
