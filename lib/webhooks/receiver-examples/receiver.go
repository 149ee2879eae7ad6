// A webhook receiver on Go's standard library. Run: WEBHOOK_SECRETS=whsec_… PORT=4000 go run receiver.go
// Our deliveries also carry the Standard Webhooks headers (webhook-id, webhook-timestamp,
// webhook-signature). A Standard Webhooks library verifies those with the same secret, as shown:
// `standardwebhooks.NewWebhook(secret)` then `.Verify(rawBody, r.Header)` (the standard's Go library); its signature covers the
// timestamp, so it refuses a replay older than 5 minutes on its own. See /webhooks/security#standard-webhooks.
package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"
)

const maxAge = 5 * time.Minute

var (
	// Comma-separated: the mode's current secret, and while a rolled one is pending, that one too.
	secrets = parseSecrets(os.Getenv("WEBHOOK_SECRETS"))
	mu      sync.Mutex
	seen    = map[string]bool{} // event ids already processed; use a table with a unique key in production
)

func parseSecrets(list string) [][]byte {
	var parsed [][]byte
	for _, s := range strings.Split(list, ",") {
		if s = strings.TrimSpace(s); s != "" {
			parsed = append(parsed, []byte(s))
		}
	}
	return parsed
}

func validSignature(rawBody []byte, header string) bool {
	valid := false
	for _, secret := range secrets { // every secret is checked, each in constant time
		mac := hmac.New(sha256.New, secret)
		mac.Write(rawBody)
		expected := []byte(hex.EncodeToString(mac.Sum(nil)))
		if len(header) == len(expected) && hmac.Equal([]byte(header), expected) {
			valid = true
		}
	}
	return valid
}

func handleWebhook(w http.ResponseWriter, r *http.Request) {
	rawBody, err := io.ReadAll(r.Body) // the exact bytes that were signed
	if err != nil || !validSignature(rawBody, r.Header.Get("x-service-signature")) {
		http.Error(w, "invalid signature", http.StatusUnauthorized)
		return
	}
	var event struct {
		ID     string `json:"id"`
		Event  string `json:"event"`
		SentAt string `json:"sent_at"`
	}
	json.Unmarshal(rawBody, &event) // a body that is not an envelope leaves sent_at empty, so stale below
	sentAt, _ := time.Parse(time.RFC3339Nano, event.SentAt)
	if age := time.Since(sentAt); age > maxAge || age < -maxAge { // an unreadable sent_at is a zero time
		http.Error(w, "stale sent_at", http.StatusBadRequest)
		return
	}
	mu.Lock()
	duplicate := seen[event.ID]
	seen[event.ID] = true
	mu.Unlock()
	if !duplicate {
		fmt.Printf("accepted %s %s\n", event.ID, event.Event) // your processing goes here
	}
	fmt.Fprint(w, "ok")
}

func main() {
	if len(secrets) == 0 {
		log.Fatal("Set WEBHOOK_SECRETS to your application's webhook secret(s), comma-separated")
	}
	http.HandleFunc("/webhooks", handleWebhook)
	port := os.Getenv("PORT")
	if port == "" {
		port = "4000"
	}
	log.Fatal(http.ListenAndServe(":"+port, nil))
}
