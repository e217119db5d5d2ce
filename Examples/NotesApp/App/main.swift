print("NotesApp")
