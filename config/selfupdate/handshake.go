package selfupdate

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strings"
)

// The handshake is how amux tells an amux build from any program that
// prints "amux 1.0": amux runs the candidate as `<bin> --internal-handshake
// <nonce>` and an amux build answers one line,
//
//	amux-handshake/1 <nonce> <proof> <version>
//
// where proof is the first 32 hex digits of SHA-256 of handshakeSalt and
// the nonce. The nonce is fresh per check, so a fixed text never passes;
// echoing the arguments back does not either. It is a check against
// installing the wrong file, not a signature: the person chose the file.

// HandshakeVerb is the hidden verb main dispatches to HandshakeMain.
const HandshakeVerb = "--internal-handshake"

// handshakeTag opens every answer; its /1 is the handshake's version.
const handshakeTag = "amux-handshake/1"

// handshakeSalt is mixed into the proof.
const handshakeSalt = "amux self-update handshake v1:"

// nonceLen is the nonce's length in hex digits.
const nonceLen = 32

// HandshakeMain answers the handshake for nonce args[0] with version, the
// running build's; a missing or malformed nonce is a usage error (2).
func HandshakeMain(args []string, stdout, stderr io.Writer, version string) int {
	if len(args) != 1 || !isNonce(args[0]) {
		fmt.Fprintln(stderr, "amux: "+HandshakeVerb+" is amux calling itself; it takes one nonce")
		return 2
	}
	fmt.Fprintln(stdout, handshakeTag, args[0], proof(args[0]), strings.Join(strings.Fields(version), " "))
	return 0
}

// proof is the answer's proof for nonce.
func proof(nonce string) string {
	sum := sha256.Sum256([]byte(handshakeSalt + nonce))
	return hex.EncodeToString(sum[:])[:32]
}

func newNonce() (string, error) {
	b := make([]byte, nonceLen/2)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

func isNonce(s string) bool {
	if len(s) != nonceLen {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// parseAnswer checks a candidate's answer to nonce and returns the
// version it reports.
func parseAnswer(text, nonce string) (string, bool) {
	if strings.Contains(text, "\n") {
		return "", false // one line, nothing else
	}
	f := strings.SplitN(text, " ", 4)
	if len(f) != 4 || f[0] != handshakeTag || f[1] != nonce || f[2] != proof(nonce) || strings.TrimSpace(f[3]) == "" {
		return "", false
	}
	return strings.TrimSpace(f[3]), true
}
