package modal

import "amux.dev/amux/ui/keys"

// Roomy is a dialog that needs more than the narrowest dialog area to be
// read (the key list, Settings): where the tab area is narrower than it
// wants, it takes the body's full width and height.
type Roomy interface{ WantsWidth() int }

// RoomyWidth is what the key list and Settings want: their two columns
// (keys and what they do, names and values) with room to read.
const RoomyWidth = 80

// FullScreen is a dialog that takes the whole screen (the diff viewer):
// the layout is not drawn under it, and it is sized to the screen.
type FullScreen interface{ FullScreen() }

// DialogAction is a dialog's own action, run from its row in the root's
// table: the root hands it to the open dialog, which does it and answers
// with an outcome, as it does for a key; another dialog ignores it.
type DialogAction struct{ ID keys.ActionID }
