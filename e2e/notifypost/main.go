// Command notifypost is a notify command for amux's end-to-end tests: it
// POSTs the AMUX_NOTIFY_* variables of its environment, as a JSON object,
// to the URL it is given — what a person's own command would do to reach a
// phone or a chat, built here because a fresh machine may have no curl.
//
// Usage: notifypost <url>
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: notifypost <url>")
		os.Exit(2)
	}
	event := map[string]string{}
	for _, kv := range os.Environ() {
		if k, v, ok := strings.Cut(kv, "="); ok && strings.HasPrefix(k, "AMUX_NOTIFY_") {
			event[k] = v
		}
	}
	body, err := json.Marshal(event)
	if err != nil {
		fmt.Fprintln(os.Stderr, "notifypost:", err)
		os.Exit(1)
	}
	client := &http.Client{Timeout: 5 * time.Second}
	resp, err := client.Post(os.Args[1], "application/json", bytes.NewReader(body))
	if err != nil {
		fmt.Fprintln(os.Stderr, "notifypost:", err)
		os.Exit(1)
	}
	resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		fmt.Fprintln(os.Stderr, "notifypost:", resp.Status)
		os.Exit(1)
	}
}
