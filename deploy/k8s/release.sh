#!/usr/bin/env bash
# A release on Kubernetes, zero downtime: ./deploy/k8s/release.sh TAG [IMAGE]
#   1. the migration Job of this release runs once and must succeed (the previous release keeps
#      serving meanwhile: migrations stay backward compatible for one release);
#   2. web and workers roll, one new pod ready before each old one stops.
# Build the image with the same tag as its version: docker build --build-arg PAUTA_VERSION=TAG -t IMAGE:TAG .
# The pods run the image by digest (IMAGE:TAG@sha256:…), so a tag pushed again later changes nothing
# that runs: DIGEST=sha256:… in the environment, or resolved from the registry here with
# `docker buildx imagetools inspect` (docs/deployment.md, "Images pinned by digest").
set -euo pipefail
tag=${1:?uso: release.sh TAG [IMAGE]}
image=${2:-registry.example.com/pauta}
digest=${DIGEST:-$(docker buildx imagetools inspect "$image:$tag" --format '{{json .Manifest}}' |
  sed -nE 's/.*"digest": *"(sha256:[0-9a-f]{64})".*/\1/p')}
if ! [[ $digest =~ ^sha256:[0-9a-f]{64}$ ]]; then
  echo "release.sh: não achei o digest de $image:$tag (defina DIGEST=sha256:…)" >&2
  exit 1
fi
dir=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$dir"/*.yaml "$work"/
sed -i -E "s#^(    newName: ).*#\1${image}#; s#^(    newTag: ).*#\1${tag}\n    digest: ${digest}#" "$work/kustomization.yaml"

kubectl -n pauta delete job pauta-migrate --ignore-not-found --wait=true
# Everything but the web and worker Deployments/Service: namespace, settings, secret, the Job…
kubectl apply -k "$work" -l 'app.kubernetes.io/component notin (web,worker)'
kubectl -n pauta wait --for=condition=complete --timeout=15m job/pauta-migrate
kubectl apply -k "$work"
kubectl -n pauta rollout status deployment/pauta-web --timeout=10m
kubectl -n pauta rollout status deployment/pauta-worker --timeout=10m
