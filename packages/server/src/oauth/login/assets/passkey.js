// Passkeys on the hosted login page (served as a file of this origin: the CSP allows no inline
// script). Without this script, or in a browser without WebAuthn, nothing here shows and the
// password form works as ever.
(function () {
  'use strict';
  if (typeof window.PublicKeyCredential === 'undefined' || !navigator.credentials) return;

  function fromBase64url(text) {
    var base64 = text.replace(/-/g, '+').replace(/_/g, '/');
    while (base64.length % 4 !== 0) base64 += '=';
    var binary = atob(base64);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes.buffer;
  }

  function toBase64url(buffer) {
    var bytes = new Uint8Array(buffer);
    var binary = '';
    for (var i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  function requestOptions(json) {
    var options = JSON.parse(json);
    var publicKey = Object.assign({}, options, { challenge: fromBase64url(options.challenge) });
    if (Array.isArray(options.allowCredentials)) {
      publicKey.allowCredentials = options.allowCredentials.map(function (c) {
        return Object.assign({}, c, { id: fromBase64url(c.id) });
      });
    }
    return publicKey;
  }

  function assertionJson(credential) {
    var r = credential.response;
    return JSON.stringify({
      id: credential.id,
      rawId: toBase64url(credential.rawId),
      type: credential.type,
      authenticatorAttachment: credential.authenticatorAttachment || undefined,
      clientExtensionResults: credential.getClientExtensionResults ? credential.getClientExtensionResults() : {},
      response: {
        clientDataJSON: toBase64url(r.clientDataJSON),
        authenticatorData: toBase64url(r.authenticatorData),
        signature: toBase64url(r.signature),
        userHandle: r.userHandle ? toBase64url(r.userHandle) : undefined,
      },
    });
  }

  document.addEventListener('DOMContentLoaded', function () {
    // The sign-in form's "Sign in with a passkey" button.
    document.querySelectorAll('[data-passkey-only]').forEach(function (el) {
      el.hidden = false;
    });

    // The WEB_AUTHN step: ask the device, post the assertion.
    document.querySelectorAll('form[data-passkey-options]').forEach(function (form) {
      var button = form.querySelector('[data-passkey-button]');
      var error = form.querySelector('[data-passkey-error]');
      var credential = form.querySelector('input[name="credential"]');
      if (!button || !credential) return;
      button.hidden = false;
      var asking = false;
      var ask = function () {
        if (asking) return;
        asking = true;
        if (error) error.hidden = true;
        navigator.credentials
          .get({ publicKey: requestOptions(form.getAttribute('data-passkey-options') || '{}') })
          .then(function (result) {
            credential.value = assertionJson(result);
            form.submit();
          })
          .catch(function () {
            asking = false;
            if (error) error.hidden = false;
          });
      };
      // "Use my passkey" asks the device again; the form's other button ("Sign in another way")
      // posts as it is.
      button.addEventListener('click', function (event) {
        event.preventDefault();
        ask();
      });
      ask();
    });
  });
})();
